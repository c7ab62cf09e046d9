import common from './en/common.json' with { type: 'json' };
import publicTexts from './en/public.json' with { type: 'json' };

/** English public strings as one module: the browser fetches one chunk per language, only when needed. */
export default { common, public: publicTexts };
