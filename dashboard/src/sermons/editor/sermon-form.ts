import type { EditableSermon, SermonFields } from '@kerygma/domain/contracts/sermon-editing';
import { EVENT_TYPES } from '@kerygma/domain/event-types';
import { SERMON_LANGUAGES } from '@kerygma/domain/languages';
import { containsHtml, isValidBibleText, SERMON_LIMITS } from '@kerygma/domain/sermon-editing';
import type { MessageKey } from '@kerygma/i18n/t';
import { z } from 'zod';

/**
 * The sermon editor's form (spec §3 Sermon fields, §5 rules): the same limits and checks as the
 * server's contract (`sermonFieldsSchema`), with the pickers' values as the form holds them
 * (ids as text, '' for no series). Messages are message keys, shown in the page's language.
 */
const key = (k: MessageKey) => ({ message: k });
const tooLong = (max: number) => z.string().max(max, key('dashboard.editor.errors.tooLong'));
const plainText = (max: number) =>
  tooLong(max)
    .trim()
    .refine((v) => !containsHtml(v), key('dashboard.editor.errors.html'));

export const sermonFormSchema = z.object({
  fullTitle: plainText(SERMON_LIMITS.fullTitle).pipe(z.string().min(1, key('dashboard.editor.errors.titleRequired'))),
  displayTitle: plainText(SERMON_LIMITS.displayTitle),
  subtitle: plainText(SERMON_LIMITS.subtitle),
  bibleText: tooLong(SERMON_LIMITS.bibleText).trim().refine(isValidBibleText, key('dashboard.editor.errors.bibleText')),
  speakerID: z.string().regex(/^\d+$/, key('dashboard.editor.errors.speakerRequired')),
  seriesID: z.string().regex(/^(\d+)?$/),
  eventType: z.enum(EVENT_TYPES),
  languageCode: z.enum(SERMON_LANGUAGES.map((l) => l.languageCode) as [string, ...string[]]),
  preachDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, key('dashboard.editor.errors.preachDate')),
  keywords: plainText(SERMON_LIMITS.keywords),
  moreInfoText: tooLong(SERMON_LIMITS.moreInfoText),
  acceptCopyright: z.boolean(),
});
export type SermonForm = z.infer<typeof sermonFormSchema>;

/** The form's values of a sermon as the server answers it. */
export function formValues(sermon: EditableSermon): SermonForm {
  return {
    fullTitle: sermon.fullTitle,
    displayTitle: sermon.displayTitle,
    subtitle: sermon.subtitle,
    bibleText: sermon.bibleText,
    speakerID: String(sermon.speaker.speakerID),
    seriesID: sermon.series ? String(sermon.series.seriesID) : '',
    eventType: sermon.eventType as SermonForm['eventType'],
    languageCode: sermon.languageCode,
    preachDate: sermon.preachDate,
    keywords: sermon.keywords,
    moreInfoText: sermon.moreInfoText,
    acceptCopyright: sermon.acceptCopyright,
  };
}

/** The fields that changed from `saved`, as the PATCH sends them. */
export function changedFields(saved: SermonForm, form: SermonForm): Partial<SermonFields> {
  const body: Partial<SermonFields> = {};
  const changed = (name: keyof SermonForm) => saved[name] !== form[name];
  if (changed('fullTitle')) body.fullTitle = form.fullTitle;
  if (changed('displayTitle')) body.displayTitle = form.displayTitle;
  if (changed('subtitle')) body.subtitle = form.subtitle;
  if (changed('bibleText')) body.bibleText = form.bibleText;
  if (changed('speakerID')) body.speakerID = Number(form.speakerID);
  if (changed('seriesID')) body.seriesID = form.seriesID ? Number(form.seriesID) : null;
  if (changed('eventType')) body.eventType = form.eventType;
  if (changed('languageCode')) body.languageCode = form.languageCode;
  if (changed('preachDate')) body.preachDate = form.preachDate;
  if (changed('keywords')) body.keywords = form.keywords;
  if (changed('moreInfoText')) body.moreInfoText = form.moreInfoText;
  if (changed('acceptCopyright')) body.acceptCopyright = form.acceptCopyright;
  return body;
}
