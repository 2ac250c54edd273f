import { articleContracts } from './articles.ts';
import { broadcasterAccountContracts } from './broadcaster-account.ts';
import { broadcasterContracts } from './broadcasters.ts';
import { commentContracts } from './comments.ts';
import type { Contract } from './contract.ts';
import { devotionalContracts } from './devotional.ts';
import { discoverContracts } from './discover.ts';
import { feedImportContracts } from './feed-import.ts';
import { globalConfigContracts } from './global-config.ts';
import { apiContracts } from './health.ts';
import { hymnalContracts } from './hymnal.ts';
import { imageContracts } from './images.ts';
import { libraryContracts } from './library.ts';
import { mediaContracts } from './media.ts';
import { multicastContracts } from './multicast.ts';
import { oembedContracts } from './oembed.ts';
import { referenceContracts } from './reference.ts';
import { searchContracts } from './search.ts';
import { seriesContracts } from './series.ts';
import { sermonEditingContracts } from './sermon-editing.ts';
import { sermonContracts } from './sermons.ts';
import { speakerContracts } from './speakers.ts';
import { transcriptContracts } from './transcripts.ts';
import { userContracts } from './users.ts';
import { webcastContracts } from './webcasts.ts';

/** Every route's contract by name (the name is the OpenAPI operationId). */
export const contracts = {
  ...sermonContracts,
  ...broadcasterContracts,
  ...broadcasterAccountContracts,
  ...speakerContracts,
  ...seriesContracts,
  ...discoverContracts,
  ...hymnalContracts,
  ...devotionalContracts,
  ...referenceContracts,
  ...searchContracts,
  ...mediaContracts,
  ...imageContracts,
  ...userContracts,
  ...libraryContracts,
  ...commentContracts,
  ...articleContracts,
  ...oembedContracts,
  ...apiContracts,
  ...sermonEditingContracts,
  ...globalConfigContracts,
  ...feedImportContracts,
  ...transcriptContracts,
  ...multicastContracts,
  ...webcastContracts,
} satisfies Record<string, Contract>;

export type ContractName = keyof typeof contracts;
