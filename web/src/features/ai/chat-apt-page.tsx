import { PageHeading } from '../../components/page-heading.tsx';
import { AiChat } from './ai-chat.tsx';
import { useT } from '../../lib/i18n.ts';

/** `/ChatApt`: a generic AI prompt page. */
export function ChatAptPage() {
  const t = useT();
  return (
    <>
      <PageHeading title={t('ai.pageTitle')} />
      <div className="card">
        <AiChat />
      </div>
    </>
  );
}
