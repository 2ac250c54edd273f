import { ErrorView } from '../shell/ErrorView.tsx';

export function SpeakerList() {
  return <ErrorView />;
}
