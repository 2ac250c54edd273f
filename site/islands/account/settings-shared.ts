import type { MessageParams } from '@kerygma/i18n/interpolate';
import type { SessionUser } from '../../stores/session.ts';
import { RULE_MESSAGES } from './shared.tsx';

/** Every string the settings page's forms use (SettingsPanel and its Settings*.tsx parts). */
export const SETTINGS_MESSAGES = [
  ...RULE_MESSAGES,
  'account.forms.username',
  'account.forms.email',
  'account.forms.failed',
  'account.forms.sending',
  'account.forms.required',
  'account.forms.fixErrors',
  'account.forms.ruleEmail',
  'account.forms.newPassword',
  'account.forms.confirmPassword',
  'account.forms.currentPassword',
  'account.forms.newEmail',
  'account.pages.settings.signedInAs',
  'account.pages.settings.everywhere',
  'account.pages.settings.everywhereText',
  'account.pages.settings.loading',
  'account.pages.settings.unverified',
  'account.pages.settings.verifyLink',
  'account.pages.settings.profileTitle',
  'account.pages.settings.displayName',
  'account.pages.settings.location',
  'account.pages.settings.notifyEmail',
  'account.pages.settings.notifyMobile',
  'account.pages.settings.newsletter',
  'account.pages.settings.saveProfile',
  'account.pages.settings.saved',
  'account.pages.settings.passwordTitle',
  'account.pages.settings.changePassword',
  'account.pages.settings.passwordChanged',
  'account.pages.settings.emailTitle',
  'account.pages.settings.changeEmail',
  'account.pages.settings.emailSent',
  'account.pages.settings.pendingEmail',
  'account.pages.settings.enterCode',
  'account.pages.settings.pictureTitle',
  'account.pages.settings.pictureNone',
  'account.pages.settings.pictureAlt',
  'account.pages.settings.pictureChoose',
  'account.pages.settings.pictureHint',
  'account.pages.settings.pictureUpload',
  'account.pages.settings.pictureUploaded',
  'account.pages.settings.pictureRemove',
  'account.pages.settings.pictureRemoved',
  'account.pages.settings.pictureTooLarge',
  'account.pages.settings.pictureMissing',
  'account.pages.settings.deleteTitle',
  'account.pages.settings.deleteText',
  'account.pages.settings.deleteConfirm',
  'account.pages.settings.deleteConfirmNeeded',
  'account.pages.settings.deleteSubmit',
] as const;

export type SettingsKey = (typeof SETTINGS_MESSAGES)[number];
/** The page's translate function, handed to each part. */
export type SettingsT = (key: SettingsKey, params?: MessageParams) => string;
/** What each part of the settings page is given: the signed-in user and the strings. */
export type SettingsPartProps = { user: SessionUser; t: SettingsT };
