import { ErrorView } from '../../shell/ErrorView.tsx';

export function SermonEditor() {
  return <ErrorView />;
}
