import { ErrorView } from '../shell/ErrorView.tsx';

export function Notices() {
  return <ErrorView />;
}
