import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SubjectRecord } from '@gia/shared/catalogue-records.ts';
import { HeartIcon } from '../../components/icons.tsx';
import { PageHeading } from '../../components/page-heading.tsx';
import { Field, TextField } from '../../components/text-field.tsx';
import { toast } from '../../components/toast.tsx';
import { rupee } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import {
  useBoards,
  useChapters,
  useClasses,
  useSubjects,
  useSubSubjects,
} from '../../lib/catalogue-api.ts';
import {
  Breadcrumb,
  Card,
  ClassCard,
  NOT_BOUGHT,
  RatingText,
  useCanOpen,
} from '../../components/catalogue-ui.tsx';
import { PRICE_BANDS } from './price-bands.ts';

function Grid({
  loading,
  empty,
  children,
}: {
  loading: boolean;
  empty: string;
  children: ReactNode[];
}) {
  if (loading) return <p className="loading">Loading...</p>;
  if (!children.length) return <p className="empty">{empty}</p>;
  return <div className="cat-grid">{children}</div>;
}

/** `/GetBoard`. */
export function ChooseBoardPage() {
  const boards = useBoards();
  const select = useSession((s) => s.select);
  const navigate = useNavigate();
  return (
    <>
      <PageHeading title="Choose Board" />
      <Grid loading={boards.isLoading} empty="No boards available.">
        {(boards.data ?? []).map((b, index) => (
          <Card
            eager={index < 4}
            key={b.board_id}
            image={b.image_url}
            title={b.board_name}
            badge={b.free_course === true ? 'FREE' : undefined}
            onOpen={() => {
              select('board', { id: b.board_id, name: b.board_name });
              navigate('/GetClasses');
            }}
          />
        ))}
      </Grid>
    </>
  );
}

/** `/GetClasses`: the board's classes, filtered by name and price band. */
export function ChooseClassPage() {
  const board = useSession((s) => s.selections.board);
  const select = useSession((s) => s.select);
  const navigate = useNavigate();
  const classes = useClasses(board?.id);
  const [name, setName] = useState('');
  const [band, setBand] = useState<keyof typeof PRICE_BANDS>('all');
  const shown = (classes.data ?? []).filter(
    (c) =>
      c.class_name.toLowerCase().includes(name.trim().toLowerCase()) &&
      PRICE_BANDS[band].test(c.class_price),
  );
  return (
    <>
      <PageHeading title="Choose Class" />
      <Breadcrumb />
      <div className="filters">
        <TextField id="class-filter" label="Class Name" value={name} onChange={setName} />
        <Field id="price-filter" label="Price">
          <select
            id="price-filter"
            value={band}
            onChange={(e) => setBand(e.target.value as keyof typeof PRICE_BANDS)}
          >
            {Object.entries(PRICE_BANDS).map(([k, v]) => (
              <option key={k} value={k}>
                {v.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Grid loading={classes.isLoading} empty="No classes available.">
        {shown.map((c, index) => (
          <ClassCard
            eager={index < 4}
            key={c.class_id}
            cls={c}
            inBoard
            onOpen={() => {
              select('class', { id: c.class_id, name: c.class_name });
              navigate('/GetSubject');
            }}
          />
        ))}
      </Grid>
    </>
  );
}

/**
 * `/GetSubject`. `subjectActions` are the card's buttons of other features (the favourite heart,
 * 'Add to Cart'), passed in by the app.
 */
export function ChooseSubjectPage({
  subjectActions,
}: {
  subjectActions(subject: SubjectRecord): ReactNode;
}) {
  const cls = useSession((s) => s.selections.class);
  const select = useSession((s) => s.select);
  const navigate = useNavigate();
  const subjects = useSubjects(cls?.id);
  const canOpen = useCanOpen();
  const [name, setName] = useState('');
  const shown = (subjects.data ?? []).filter((s) =>
    s.subject_name.toLowerCase().includes(name.trim().toLowerCase()),
  );
  return (
    <>
      <PageHeading title="Choose Subject" />
      <Breadcrumb />
      <div className="filters">
        <TextField id="subject-filter" label="Subject Name" value={name} onChange={setName} />
      </div>
      <Grid loading={subjects.isLoading} empty="No subjects available.">
        {shown.map((s, index) => (
          <Card
            eager={index < 4}
            key={s.subject_id}
            image={s.subject_image_url}
            title={s.subject_name}
            badge={s.free_course === true ? 'FREE' : undefined}
            onOpen={() => {
              if (!canOpen(s)) return toast.error(NOT_BOUGHT);
              select('subject', { id: s.subject_id, name: s.subject_name });
              navigate('/GetSubSubject');
            }}
          >
            <p className="price">{rupee(s.subject_price)}</p>
            <RatingText rating={s.rating} />
            <div className="row">{subjectActions(s)}</div>
          </Card>
        ))}
      </Grid>
    </>
  );
}

/** `/GetSubSubject`. */
export function ChooseSubSubjectPage() {
  const subject = useSession((s) => s.selections.subject);
  const select = useSession((s) => s.select);
  const navigate = useNavigate();
  const subs = useSubSubjects(subject?.id);
  return (
    <>
      <PageHeading title="Choose Sub-Subject" />
      <Breadcrumb />
      <Grid loading={subs.isLoading && Boolean(subject)} empty="No Sub available.">
        {(subs.data ?? []).map((s, index) => (
          <Card
            eager={index < 4}
            key={s.sub_subject_id}
            image={s.sub_subject_image_url}
            title={s.sub_subject_name}
            onOpen={() => {
              select('subSubject', { id: s.sub_subject_id, name: s.sub_subject_name });
              navigate('/GetChapters');
            }}
          >
            <p className="price">{rupee(s.sub_subject_price)}</p>
            <button
              type="button"
              className="heart"
              aria-label="Add to favourites"
              onClick={() => toast.success('Added To favorite')}
            >
              <HeartIcon />
            </button>
          </Card>
        ))}
      </Grid>
    </>
  );
}

/** `/GetChapters`. */
export function ChooseChapterPage() {
  const sub = useSession((s) => s.selections.subSubject);
  const select = useSession((s) => s.select);
  const navigate = useNavigate();
  const chapters = useChapters(sub?.id);
  const rows = useMemo(() => chapters.data ?? [], [chapters.data]);
  return (
    <>
      <PageHeading title="Choose Chapter" />
      <Breadcrumb />
      {chapters.isLoading && sub ? (
        <p className="loading">Loading...</p>
      ) : !rows.length ? (
        <p className="empty">No Chapters available.</p>
      ) : (
        <div className="table-wrap card">
          <table>
            <thead>
              <tr>
                <th>Chapter Name</th>
                <th>Description</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr
                  key={c.chapter_id}
                  className="clickable"
                  tabIndex={0}
                  onClick={() => {
                    select('chapter', { id: c.chapter_id, name: c.chapter_name });
                    navigate('/GetTopic');
                  }}
                  onKeyDown={(e) => {
                    if (e.key !== 'Enter') return;
                    select('chapter', { id: c.chapter_id, name: c.chapter_name });
                    navigate('/GetTopic');
                  }}
                >
                  <td>{c.chapter_name}</td>
                  <td>{c.chapter_description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
