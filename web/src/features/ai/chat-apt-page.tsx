import { PageHeading } from '../../components/page-heading.tsx';
import { AiChat } from './ai-chat.tsx';

/** `/ChatApt`: a generic AI prompt page. */
export function ChatAptPage() {
  return (
    <>
      <PageHeading title="Ask the AI Teacher" />
      <div className="card">
        <AiChat />
      </div>
    </>
  );
}
