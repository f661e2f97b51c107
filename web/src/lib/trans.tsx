import { TransNoContext, type TransProps } from '@lingui/react/server';
import { i18n, useLanguage } from './i18n.ts';

/**
 * A message with markup in it (`<Trans id="…" components={{ 0: <Link to="…" /> }} />`, the
 * catalogue's text `Read our <0>terms</0>`), in the interface's language; renders again when the
 * learner changes it. Lingui's own `Trans`, given our instance instead of a provider's.
 */
export function Trans(props: TransProps) {
  useLanguage((s) => s.language);
  return <TransNoContext {...props} lingui={{ i18n }} />;
}
