import { ErrorView } from '../shell/ErrorView.tsx';

export function HighlightedSermons() {
  return <ErrorView />;
}
