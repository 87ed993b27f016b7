/** Settings an operator changes in the console: today the defaults of the data- flags. */
export { cachedFlagDefaults, FLAG_CACHE_MS, forgetFlagCache, setFlagDefault, storedFlagDefaults } from "./flag-defaults";
