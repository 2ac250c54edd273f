import { ErrorView } from '../shell/ErrorView.tsx';

export function DjangoEmbed() {
  return <ErrorView />;
}
