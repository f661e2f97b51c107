/*
 * The lesson page (`/GetTopic`), its own lazy part of the bundle: a lesson link opened from a class
 * group loads the lesson's code only, not the cart, the payment or the profile (learner-pages).
 */
import { TopicAiTeacher } from '../features/ai/ai-chat.tsx';
import { TopicViewerPage as TopicViewer } from '../features/learning/topic-viewer-page.tsx';
import { preloadHls } from '../components/video-player/use-video-stream.ts';
import { setPrepareCode } from '../features/downloads/downloads.ts';
import { SaveForOffline } from '../features/downloads/save-offline.tsx';
import { warmPdfJs } from '../features/notes/pdf.ts';
import { loadMath } from '../components/math/load-math.ts';
import { withMessages } from '../lib/i18n.ts';

// The lesson plays HLS through hls.js: its download starts with this part, beside the lesson's
// read, instead of after the page has rendered its player.
preloadHls();

// A save for offline first fetches the code its lessons need that the precache leaves out: the
// notes viewer's pdf.js, the maths renderer (a practice question's TeX) and the search page with
// its messages (issue 34: a saved chapter keeps its class's index), which the service worker then
// keeps: saved notes open, saved questions show their maths, and the saved lessons are found,
// with no network.
setPrepareCode(() =>
  Promise.all([
    warmPdfJs(),
    loadMath(),
    withMessages(['search'], () => import('../features/search/search-page.tsx'))(),
  ]),
);

/**
 * `/GetTopic`, always with the topic's AI teacher as a tab: without the AI model it answers from
 * the topic's notes (notes mode); and "Save for offline" for the lesson and its chapter, whose
 * saves also fetch the notes viewer's code (pdf.js), so saved notes open offline.
 */
export const TopicViewerPage = () => (
  <TopicViewer
    assistant={(t) => <TopicAiTeacher topicId={t.topic_id} topicName={t.topic_name} />}
    saveOffer={(lesson, scope) => <SaveForOffline lesson={lesson} scope={scope} />}
  />
);
