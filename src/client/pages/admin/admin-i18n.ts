import type { i18n as I18n } from 'i18next';
import enAdmin from '../../locales/en/admin.json' with { type: 'json' };
import faAdmin from '../../locales/fa/admin.json' with { type: 'json' };

/**
 * The admin texts travel in the admin chunk, not in the bundle every visitor downloads; they are
 * added to the running i18next instance the first time the panel renders.
 */
export function ensureAdminTexts(i18n: I18n) {
  if (!i18n.hasResourceBundle('en', 'admin')) i18n.addResourceBundle('en', 'admin', enAdmin, true, true);
  if (!i18n.hasResourceBundle('fa', 'admin')) i18n.addResourceBundle('fa', 'admin', faAdmin, true, true);
}
