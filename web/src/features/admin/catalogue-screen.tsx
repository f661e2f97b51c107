import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CATALOGUE_TREE } from '@gia/shared/catalogue-tree.ts';
import { confirmDialog } from '../../components/confirm.tsx';
import { toast } from '../../components/toast.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { AdminHeader } from './admin-header.tsx';
import { useCatalogueList, useDeleteRecord } from './api/catalogue.ts';
import type { Rec, ScreenConfig } from './catalogue-config.ts';
import { CatalogueFilters } from './catalogue-filters.tsx';
import { CatalogueForm } from './catalogue-form.tsx';
import { CatalogueTable } from './catalogue-table.tsx';
import { Pager } from './pager.tsx';
import { useCatalogueRows } from './use-catalogue-rows.ts';

/**
 * One management screen of the back office: the add/edit form, the filters and the table,
 * driven by the screen's configuration.
 */
export function CatalogueScreen({ config }: { config: ScreenConfig }) {
  const list = useCatalogueList(config.entity);
  const [params] = useSearchParams();
  const rows = useCatalogueRows(config, list.data, params);
  const remove = useDeleteRecord(config.entity);
  const [editing, setEditing] = useState<Rec | null>(null);
  // A fresh form after each edit start, save or cancel.
  const [formKey, setFormKey] = useState(0);
  const top = useRef<HTMLDivElement>(null);
  const idOf = (r: Rec) => String(r[CATALOGUE_TREE[config.entity].id]);
  // The record saved last: highlighted, and once the list holds it, its page shown and scrolled to.
  const [saved, setSaved] = useState<string | null>(null);
  const toShow = useRef<string | null>(null);
  const [scrollTo, setScrollTo] = useState<string | null>(null);
  const { rows: shownRows, showRecord, page } = rows;

  useEffect(() => {
    const id = toShow.current;
    if (!id || !shownRows.some((r) => idOf(r) === id)) return;
    toShow.current = null;
    showRecord(id);
    setScrollTo(id);
    // idOf and showRecord derive from the rows and the config, which the effect follows.
  }, [shownRows, saved]);

  useEffect(() => {
    if (!scrollTo) return;
    document
      .querySelector(`[data-row-id="${CSS.escape(scrollTo)}"]`)
      ?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    setScrollTo(null);
  }, [scrollTo, page]);

  function done(savedId?: string) {
    edit(null);
    if (!savedId) return;
    toShow.current = savedId;
    setSaved(savedId);
  }

  function edit(r: Rec | null) {
    setEditing(r);
    setFormKey((k) => k + 1);
    if (!r) return;
    top.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    window.scrollTo?.({ top: 0, behavior: 'smooth' });
  }

  async function confirmDelete(r: Rec) {
    if (!(await confirmDialog('Are you sure you want to delete?'))) return;
    try {
      toast.success((await remove.mutateAsync(idOf(r))).message);
    } catch (err) {
      const noun = config.errorNoun.toLowerCase();
      toast.error(errorMessage(err, `Failed to delete the ${noun}. Please try again.`));
    }
  }

  return (
    <>
      <AdminHeader />
      <main className="admin-main" ref={top}>
        <CatalogueForm key={formKey} config={config} editing={editing} onDone={done} />
        <section className="card">
          <h2>{config.tableTitle}</h2>
          <CatalogueFilters config={config} records={list.data ?? []} state={rows} />
          {list.isLoading ? (
            <p>Loading...</p>
          ) : !rows.rows.length ? (
            <p className="empty">{config.empty}</p>
          ) : (
            <>
              <CatalogueTable
                config={config}
                rows={rows.pageRows}
                rowId={idOf}
                highlighted={saved}
                onEdit={edit}
                onDelete={confirmDelete}
              />
              <Pager
                page={rows.page}
                total={rows.rows.length}
                label={config.tableTitle}
                onPage={rows.setPage}
              />
            </>
          )}
        </section>
      </main>
    </>
  );
}
