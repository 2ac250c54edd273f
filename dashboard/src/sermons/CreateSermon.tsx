import { ErrorView } from '../shell/ErrorView.tsx';

export function CreateSermon() {
  return <ErrorView />;
}
