import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { SubjectRecord } from '@gia/shared/catalogue-records.ts';
import { PageHeading } from '../../components/page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { Field, TextField } from '../../components/text-field.tsx';
import { rupee } from '../../lib/format.ts';
import { useT } from '../../lib/i18n.ts';
import { links } from '../../lib/links.ts';
import { trailOf, useSession } from '../../lib/session.ts';
import {
  useBoards,
  useChapters,
  useClassDetail,
  useClasses,
  useSubjectById,
  useSubjects,
  useSubSubjects,
} from '../../lib/catalogue-api.ts';
import {
  Breadcrumb,
  Card,
  ClassCard,
  SubjectCard,
  useSubjectLink,
} from '../../components/catalogue-ui.tsx';
import { NothingChosen, useFollowLink, useParent } from './deep-link.tsx';
import { MediumFilter, useMediumFilter } from './medium-filter.tsx';
import { PRICE_BANDS } from './price-bands.ts';

/** `/GetBoard`. */
export function ChooseBoardPage() {
  const t = useT();
  const boards = useBoards();
  const follow = useSession((s) => s.follow);
  return (
    <>
      <PageHeading title={t('catalogue.chooseBoard')} />
      <QueryState
        query={boards}
        what={t('catalogue.what.boards')}
        empty={t('catalogue.empty.boards')}
        skeleton="cards"
      >
        {(data) => (
          <div className="cat-grid">
            {data.map((b, index) => (
              <Card
                eager={index < 4}
                key={b.board_id}
                image={b.image_url}
                title={b.board_name}
                badge={b.free_course === true ? t('catalogue.freeBadge') : undefined}
                to={links.classes(b.board_id)}
                onOpen={() => follow('board', trailOf(b, 'board'))}
              />
            ))}
          </div>
        )}
      </QueryState>
    </>
  );
}

/** `/GetClasses?board=<id>`: the board's classes, filtered by name, price band and medium. */
export function ChooseClassPage() {
  const t = useT();
  const { id: boardId, urlId } = useParent('board', 'board');
  const follow = useSession((s) => s.follow);
  const classes = useClasses(boardId, Boolean(boardId));
  // An empty list tells no names: the board's come from the boards list then.
  const boards = useBoards(Boolean(urlId) && classes.data?.length === 0);
  useFollowLink(
    'board',
    urlId,
    classes.data?.[0] ?? boards.data?.find((b) => b.board_id === urlId),
    classes.isSuccess && !boards.isFetching,
  );
  const [name, setName] = useState('');
  const [band, setBand] = useState<keyof typeof PRICE_BANDS>('all');
  const medium = useMediumFilter(classes.data);
  if (!boardId) return <Chooser title={t('catalogue.chooseClass')} nothing="board" />;
  const shown = (classes.data ?? []).filter(
    (c) =>
      c.class_name.toLowerCase().includes(name.trim().toLowerCase()) &&
      PRICE_BANDS[band].test(c.class_price) &&
      medium.keeps(c),
  );
  return (
    <>
      <PageHeading title={t('catalogue.chooseClass')} />
      <Breadcrumb upTo="board" at={boardId} />
      <MediumFilter filter={medium} />
      <div className="filters">
        <TextField
          id="class-filter"
          label={t('catalogue.className')}
          value={name}
          onChange={setName}
        />
        <Field id="price-filter" label={t('catalogue.priceFilter')}>
          <select
            id="price-filter"
            value={band}
            onChange={(e) => setBand(e.target.value as keyof typeof PRICE_BANDS)}
          >
            {Object.entries(PRICE_BANDS).map(([k, v]) => (
              <option key={k} value={k}>
                {t(v.label)}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <QueryState
        query={{ ...classes, data: classes.data && shown }}
        what={t('catalogue.what.classes')}
        empty={t('catalogue.empty.classes')}
        skeleton="cards"
      >
        {(data) => (
          <div className="cat-grid">
            {data.map((c, index) => (
              <ClassCard
                eager={index < 4}
                key={c.class_id}
                cls={c}
                inBoard
                to={links.subjects(c.class_id)}
                onOpen={() => follow('class', trailOf(c, 'class'))}
              />
            ))}
          </div>
        )}
      </QueryState>
    </>
  );
}

/**
 * `/GetSubject?class=<id>`. `subjectActions` are the card's buttons of other features (the
 * favourite heart, what the learner can do with the subject), passed in by the app.
 */
export function ChooseSubjectPage({
  subjectActions,
}: {
  subjectActions(subject: SubjectRecord): ReactNode;
}) {
  const t = useT();
  const { id: classId, urlId } = useParent('class', 'class');
  const subjects = useSubjects(classId, Boolean(classId));
  const detail = useClassDetail(urlId && subjects.data?.length === 0 ? urlId : undefined);
  useFollowLink(
    'class',
    urlId,
    subjects.data?.[0] ?? detail.data,
    subjects.isSuccess && !detail.isFetching,
  );
  const subjectLink = useSubjectLink();
  const [name, setName] = useState('');
  const medium = useMediumFilter(subjects.data);
  if (!classId) return <Chooser title={t('catalogue.chooseSubject')} nothing="class" />;
  const shown = subjects.data?.filter(
    (s) => s.subject_name.toLowerCase().includes(name.trim().toLowerCase()) && medium.keeps(s),
  );
  return (
    <>
      <PageHeading title={t('catalogue.chooseSubject')} />
      <Breadcrumb upTo="class" at={classId} />
      <MediumFilter filter={medium} />
      <div className="filters">
        <TextField
          id="subject-filter"
          label={t('catalogue.subjectName')}
          value={name}
          onChange={setName}
        />
      </div>
      <QueryState
        query={{ ...subjects, data: shown }}
        what={t('catalogue.what.subjects')}
        empty={t('catalogue.empty.subjects')}
        skeleton="cards"
      >
        {(data) => (
          <div className="cat-grid">
            {data.map((s, index) => (
              <SubjectCard eager={index < 4} key={s.subject_id} subject={s} {...subjectLink(s)}>
                <div className="row">{subjectActions(s)}</div>
              </SubjectCard>
            ))}
          </div>
        )}
      </QueryState>
    </>
  );
}

/**
 * `/GetSubSubject?subject=<id>`. `subjectHeart` is the favourites' heart of the subject, passed in
 * by the app: favourites are subjects, so the screen offers one for the subject, not one per card.
 */
export function ChooseSubSubjectPage({
  subjectHeart,
}: {
  subjectHeart?(subjectId: string, subjectName: string): ReactNode;
}) {
  const t = useT();
  const { id: subjectId, urlId } = useParent('subject', 'subject');
  const subject = useSession((s) => s.selections.subject);
  const follow = useSession((s) => s.follow);
  const subs = useSubSubjects(subjectId);
  const record = useSubjectById(urlId && subs.data?.length === 0 ? urlId : undefined);
  useFollowLink(
    'subject',
    urlId,
    subs.data?.[0] ?? record.data,
    subs.isSuccess && !record.isFetching,
  );
  if (!subjectId) {
    return <Chooser title={t('catalogue.chooseSubSubject')} nothing="subject" />;
  }
  return (
    <>
      <PageHeading title={t('catalogue.chooseSubSubject')} />
      <Breadcrumb upTo="subject" at={subjectId} />
      {subjectHeart && subject?.id === subjectId && subject.name && (
        <div className="row subject-favourite">{subjectHeart(subject.id, subject.name)}</div>
      )}
      <QueryState
        query={subs}
        what={t('catalogue.what.subSubjects')}
        empty={t('catalogue.empty.subSubjects')}
        skeleton="cards"
      >
        {(data) => (
          <div className="cat-grid">
            {data.map((s, index) => (
              <Card
                eager={index < 4}
                key={s.sub_subject_id}
                image={s.sub_subject_image_url}
                title={s.sub_subject_name}
                to={links.chapters(s.sub_subject_id)}
                onOpen={() => follow('subSubject', trailOf(s, 'subSubject'))}
              >
                {/* Sub-subjects are not sold on their own: a price of 0 says nothing (never ₹0). */}
                {s.free_course === true ? (
                  <p className="price">{t('common.free')}</p>
                ) : s.sub_subject_price > 0 ? (
                  <p className="price">{rupee(s.sub_subject_price)}</p>
                ) : null}
              </Card>
            ))}
          </div>
        )}
      </QueryState>
    </>
  );
}

/** `/GetChapters?subSubject=<id>`: a table of chapters, each row a link to its lessons. */
export function ChooseChapterPage() {
  const t = useT();
  const { id: subSubjectId, urlId } = useParent('subSubject', 'subSubject');
  const follow = useSession((s) => s.follow);
  const navigate = useNavigate();
  const chapters = useChapters(subSubjectId);
  useFollowLink('subSubject', urlId, chapters.data?.[0], chapters.isSuccess);
  if (!subSubjectId) {
    return <Chooser title={t('catalogue.chooseChapter')} nothing="subSubject" />;
  }
  return (
    <>
      <PageHeading title={t('catalogue.chooseChapter')} />
      <Breadcrumb upTo="subSubject" at={subSubjectId} />
      <QueryState
        query={chapters}
        what={t('catalogue.what.chapters')}
        empty={t('catalogue.empty.chapters')}
        skeleton="table"
      >
        {(rows) => (
          <div className="table-wrap card">
            <table className="chapter-table">
              <thead>
                <tr>
                  <th>{t('catalogue.chapterName')}</th>
                  <th>{t('catalogue.description')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => {
                  const to = links.topic(c.chapter_id);
                  const choose = () => follow('chapter', trailOf(c, 'chapter'));
                  return (
                    <tr
                      key={c.chapter_id}
                      className="clickable"
                      // A click anywhere on the row follows its link (the link itself is what
                      // keyboards and screen readers reach).
                      onClick={(e) => {
                        if ((e.target as HTMLElement).closest('a')) return;
                        choose();
                        navigate(to);
                      }}
                    >
                      <td>
                        <Link to={to} onClick={choose}>
                          {c.chapter_name}
                        </Link>
                      </td>
                      <td>{c.chapter_description}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </>
  );
}

/** A chooser screen opened with nothing to list the children of (bug 27). */
function Chooser({
  title,
  nothing,
}: {
  title: string;
  nothing: Parameters<typeof NothingChosen>[0]['level'];
}) {
  return (
    <>
      <PageHeading title={title} />
      <NothingChosen level={nothing} />
    </>
  );
}
