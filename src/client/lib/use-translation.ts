import type { i18n as I18n, TFunction } from 'i18next';
import { useContext, useSyncExternalStore } from 'react';
import { getI18n, I18nContext } from 'react-i18next';

type Namespace = 'common' | 'public' | 'admin';
type Subscribe = (onChange: () => void) => () => void;

/** One translation function per instance, language and namespace, made the first time it is asked for. */
const fixedTs = new WeakMap<I18n, Map<string, TFunction>>();
/** One subscription function per instance, so React does not resubscribe at every render. */
const subscriptions = new WeakMap<I18n, Subscribe>();

function fixedT(i18n: I18n, language: string, namespace: Namespace): TFunction {
  let byKey = fixedTs.get(i18n);
  if (!byKey) fixedTs.set(i18n, (byKey = new Map()));
  const key = `${language} ${namespace}`;
  let t = byKey.get(key);
  if (!t) byKey.set(key, (t = i18n.getFixedT(language, namespace) as TFunction));
  return t;
}

function subscribeTo(i18n: I18n): Subscribe {
  let subscribe = subscriptions.get(i18n);
  if (!subscribe) {
    subscribe = (onChange) => {
      i18n.on('languageChanged', onChange);
      return () => i18n.off('languageChanged', onChange);
    };
    subscriptions.set(i18n, subscribe);
  }
  return subscribe;
}

/**
 * react-i18next's `useTranslation`, as this site uses it: the instance from I18nextProvider, a `t`
 * fixed to its language and one namespace, and a new render when the language changes. Its own hook
 * builds a fixed `t`, a wrapper of the instance, options and callbacks at every call: about a sixth
 * of what a server render of the home page allocated (docs/benchmarks.md). Here they are made once
 * per instance, language and namespace, so `t` keeps its identity until the language changes.
 */
export function useTranslation(namespace: Namespace = 'common'): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  const language = useSyncExternalStore(
    subscribeTo(i18n),
    () => i18n.language,
    () => i18n.language,
  );
  return { t: fixedT(i18n, language, namespace), i18n };
}
