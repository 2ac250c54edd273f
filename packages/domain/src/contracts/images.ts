import { z } from 'zod';
import { listSchema } from '../catalogue.ts';
import { IMAGE_RULES, IMAGE_SHAPES } from '../images.ts';
import { contract } from './contract.ts';

/**
 * The catalogue's picture uploads (spec §7 Broadcasters and Articles, §5 image rules): each
 * start call answers an `uploadURL` (an hour, one use) that the picture's bytes are PUT to as
 * the request body. Articles' banners (`POST|DELETE /media/images/articles/{id}/banner`) are
 * registered by the articles room over the same images service and slot route.
 */

const tag = 'Images';

export const imageUploadSlotSchema = z.object({ uploadURL: z.string() });

/** A stored picture's URLs: one size, and every size with `{size}` for the width. */
export const imageUrlsSchema = z.object({
  url: z.string(),
  resizableURL: z.string(),
  widths: z.array(z.number().int()),
});

/** One of the banner gallery's stock backgrounds (spec §3 "banner gallery"). */
export const bannerBackgroundSchema = z.object({
  /** Names it for `POST media/images/broadcaster_banner/from_gallery`; kept for good. */
  backgroundID: z.string(),
  /** Its name in the request's language (Accept-Language). */
  displayName: z.string(),
  /** The banner's size as a plain URL names it (1280 wide). */
  imageURL: z.string(),
  /** Every size, `{size}` for the width: 640, 1280 or 1920. */
  imageURLResizable: z.string(),
  /** The smallest size (640 wide), for a chooser's grid. */
  thumbnailImageURL: z.string(),
});
export type BannerBackground = z.infer<typeof bannerBackgroundSchema>;

const rules = (kind: keyof typeof IMAGE_SHAPES) => {
  const s = IMAGE_SHAPES[kind];
  return `JPEG, PNG, GIF or WebP (checked by content), at least ${s.minWidth}×${s.minHeight} pixels, at most ${IMAGE_RULES.maxBytes / 1024 ** 2} MB; its centre is cut to ${s.aspect === 1 ? 'a square' : `${s.aspect}:1`} and served as JPEG ${s.widths.join(', ')} pixels wide.`;
};

const broadcasterID = z.string().min(1).max(100);
const catalogueId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const imageContracts = {
  startBroadcasterProfileUpload: contract({
    method: 'POST',
    path: '/media/images/broadcaster_profile',
    tag,
    summary: "Start a broadcaster's profile picture upload",
    description: `The broadcaster's Admins (or its API key). ${rules('broadcaster_profile')} It becomes the broadcaster's \`imageURL\`, \`imageURLResizable\` and \`albumArtURL\`.`,
    auth: 'apiKeyOrSession',
    body: z.object({ broadcasterID }),
    bodyInQuery: true,
    responses: { 200: imageUploadSlotSchema },
    errors: [401, 403, 404],
  }),
  startBroadcasterBannerUpload: contract({
    method: 'POST',
    path: '/media/images/broadcaster_banner',
    tag,
    summary: "Start a broadcaster's banner upload",
    description: `The broadcaster's Admins (or its API key). ${rules('broadcaster_banner')} It becomes the broadcaster's \`bannerImageURL\`.`,
    auth: 'apiKeyOrSession',
    body: z.object({ broadcasterID }),
    bodyInQuery: true,
    responses: { 200: imageUploadSlotSchema },
    errors: [401, 403, 404],
  }),
  bannerGallery: contract({
    method: 'GET',
    path: '/node/images/background/broadcaster',
    tag,
    summary: 'The banner gallery',
    description:
      "Stock backgrounds a broadcaster may take as its banner instead of uploading one (`POST media/images/broadcaster_banner/from_gallery`), all in one list, in the gallery's order. Each is served as JPEG 640, 1280 and 1920 pixels wide (3:1); a broadcaster showing one has it as its `bannerImageURL`, the same URL as its `imageURL` here.",
    responses: { 200: listSchema(bannerBackgroundSchema) },
  }),
  chooseBannerFromGallery: contract({
    method: 'POST',
    path: '/media/images/broadcaster_banner/from_gallery',
    tag,
    summary: "Take a gallery background as a broadcaster's banner",
    description:
      "The broadcaster's Admins (or its API key), as for a banner upload. `backgroundID` is one of the banner gallery's (`GET node/images/background/broadcaster`); it becomes the broadcaster's `bannerImageURL` at once, replacing an uploaded banner (whose files are removed). Answers its URLs as a banner upload does; 404 for an unknown broadcaster or background.",
    auth: 'apiKeyOrSession',
    body: z.object({ broadcasterID, backgroundID: z.string().min(1).max(100) }),
    responses: { 200: imageUrlsSchema },
    errors: [401, 403, 404],
  }),
  startSpeakerPortraitUpload: contract({
    method: 'POST',
    path: '/media/images/speaker_portrait',
    tag,
    summary: "Start a speaker's portrait upload",
    description: `Uploaders of the broadcaster the speaker is locked to (its API key too); a speaker shared by every broadcaster, site admins only. ${rules('speaker_portrait')} It becomes the speaker's \`portraitURL\`, \`roundedThumbnailImageURL(Resizable)\` and \`albumArtURL\`.`,
    auth: 'apiKeyOrSession',
    body: z.object({ speakerID: catalogueId }),
    bodyInQuery: true,
    responses: { 200: imageUploadSlotSchema },
    errors: [401, 403, 404],
  }),
  startSeriesArtworkUpload: contract({
    method: 'POST',
    path: '/media/images/series_artwork',
    tag,
    summary: "Start a series' artwork upload",
    description: `Uploaders of the series' broadcaster (its API key too). ${rules('series_artwork')} It becomes the series' \`image\` and \`imageResizable\` (its podcast's artwork at 1400 and 3000).`,
    auth: 'apiKeyOrSession',
    body: z.object({ seriesID: catalogueId }),
    bodyInQuery: true,
    responses: { 200: imageUploadSlotSchema },
    errors: [401, 403, 404],
  }),
  putImage: contract({
    method: 'PUT',
    path: '/media/images/uploads/:guid',
    tag,
    summary: "Send a picture's bytes",
    description:
      "The `uploadURL` of an image upload: the picture as the request body. Replaces the owner's picture (the earlier one's files are removed) and answers its URLs. 400 when the bytes are not a picture of an accepted format, or smaller than its kind allows; 404 for an unknown, used or expired slot; 413 when too large.",
    params: z.object({ guid: z.string().max(40) }),
    responses: { 200: imageUrlsSchema },
    errors: [404, 413],
  }),
};
