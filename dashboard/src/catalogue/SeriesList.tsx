import { ErrorView } from '../shell/ErrorView.tsx';

export function SeriesList() {
  return <ErrorView />;
}
