/** Sermon languages the catalogue knows: ISO 639-1 code, English name, native name, ISO 639-3. */
export const SERMON_LANGUAGES = [
  { languageCode: 'en', name: 'English', localizedName: 'English', iso639_3: 'eng' },
  { languageCode: 'es', name: 'Spanish', localizedName: 'Español', iso639_3: 'spa' },
  { languageCode: 'de', name: 'German', localizedName: 'Deutsch', iso639_3: 'deu' },
  { languageCode: 'fr', name: 'French', localizedName: 'Français', iso639_3: 'fra' },
  { languageCode: 'pt', name: 'Portuguese', localizedName: 'Português', iso639_3: 'por' },
  { languageCode: 'it', name: 'Italian', localizedName: 'Italiano', iso639_3: 'ita' },
  { languageCode: 'nl', name: 'Dutch', localizedName: 'Nederlands', iso639_3: 'nld' },
  { languageCode: 'pl', name: 'Polish', localizedName: 'Polski', iso639_3: 'pol' },
  { languageCode: 'ro', name: 'Romanian', localizedName: 'Română', iso639_3: 'ron' },
  { languageCode: 'ru', name: 'Russian', localizedName: 'Русский', iso639_3: 'rus' },
  { languageCode: 'uk', name: 'Ukrainian', localizedName: 'Українська', iso639_3: 'ukr' },
  { languageCode: 'hu', name: 'Hungarian', localizedName: 'Magyar', iso639_3: 'hun' },
  { languageCode: 'ko', name: 'Korean', localizedName: '한국어', iso639_3: 'kor' },
  { languageCode: 'zh', name: 'Chinese', localizedName: '中文', iso639_3: 'zho' },
  { languageCode: 'ja', name: 'Japanese', localizedName: '日本語', iso639_3: 'jpn' },
  { languageCode: 'km', name: 'Khmer', localizedName: 'ភាសាខ្មែរ', iso639_3: 'khm' },
  { languageCode: 'ta', name: 'Tamil', localizedName: 'தமிழ்', iso639_3: 'tam' },
  { languageCode: 'te', name: 'Telugu', localizedName: 'తెలుగు', iso639_3: 'tel' },
  { languageCode: 'hi', name: 'Hindi', localizedName: 'हिन्दी', iso639_3: 'hin' },
  { languageCode: 'sw', name: 'Swahili', localizedName: 'Kiswahili', iso639_3: 'swa' },
  { languageCode: 'af', name: 'Afrikaans', localizedName: 'Afrikaans', iso639_3: 'afr' },
  { languageCode: 'tl', name: 'Tagalog', localizedName: 'Tagalog', iso639_3: 'tgl' },
  { languageCode: 'ar', name: 'Arabic', localizedName: 'العربية', iso639_3: 'ara' },
  { languageCode: 'he', name: 'Hebrew', localizedName: 'עברית', iso639_3: 'heb' },
] as const;

export type LanguageCode = (typeof SERMON_LANGUAGES)[number]['languageCode'];
