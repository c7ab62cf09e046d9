import common from './fa/common.json' with { type: 'json' };
import publicTexts from './fa/public.json' with { type: 'json' };

/** Persian public strings as one module: the browser fetches one chunk per language, only when needed. */
export default { common, public: publicTexts };
