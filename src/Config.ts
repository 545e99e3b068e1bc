/** The service's settings as the rest of the code receives them; `loadConfig.ts` alone reads them from the environment. */
import type { SETTING_READERS } from './settingReaders.js';
import type { DeclaredSetting } from './settings.js';

export { API_COMPATS, ConfigError, type ApiCompat } from './settingReaders.js';

/**
 * The service's settings, read once from the environment, validated and frozen: a field for
 * each setting of the table (settings.ts, its `field`), of the type its reader gives
 * (settingReaders.ts). What each means is said once, in the table.
 */
export type Config = {
  readonly [Setting in DeclaredSetting as Setting['field']]: ReturnType<(typeof SETTING_READERS)[Setting['name']]>;
};
