import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { DeleteLink } from "./DeleteLink";
import { EditIcon } from "./Icons";
import { Breadcrumb, ListSearch, Notice, Pagination, TableHead, type StateFilter } from "./ListControls";
import type { ListState } from "~/lib/list-params";

type Column<Row> = { header: string; cell: (row: Row) => ReactNode };

type RowActions<Row> = {
  editHref: (row: Row) => string;
  editLabel: (row: Row) => string;
  deleteHref: (row: Row) => string;
  deleteLabel: (row: Row) => string;
  /** SPEC.md 5: the confirmation question of this kind of item */
  deleteQuestion: string;
};

/**
 * An admin list (SPEC.md 2.17): breadcrumb, add button, search, a table of rows with edit and
 * delete icons (none for read-only lists), page-size choices and pagination, all in the URL.
 */
export function AdminListPage<Row extends { id: number }>({
  title,
  add,
  searchPlaceholder,
  emptyText,
  columns,
  rows,
  actions,
  state,
  stateFilter,
}: {
  title: string;
  add?: { href: string; label: string };
  searchPlaceholder: string;
  emptyText: string;
  columns: Column<Row>[];
  rows: Row[];
  actions?: RowActions<Row>;
  state: ListState;
  stateFilter?: StateFilter;
}) {
  const { pathname } = useLocation();
  const columnCount = columns.length + (actions ? 1 : 0);
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: title }]} />
      {add ? (
        <div className="admin-page__head">
          <h1>{title}</h1>
          <Link className="button button--primary" to={add.href}>
            {add.label}
          </Link>
        </div>
      ) : (
        <h1>{title}</h1>
      )}
      <Notice text={state.notice} />
      <ListSearch q={state.q} size={state.size} placeholder={searchPlaceholder} stateFilter={stateFilter} />
      <table className="admin-table">
        <TableHead headers={columns.map((c) => c.header)} actions={!!actions} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((c) => (
                <td key={c.header}>{c.cell(row)}</td>
              ))}
              {actions ? (
                <td className="admin-table__actions">
                  <Link className="icon-button" to={actions.editHref(row)} aria-label={actions.editLabel(row)} title="Modifica">
                    <EditIcon />
                  </Link>
                  <DeleteLink href={actions.deleteHref(row)} label={actions.deleteLabel(row)} question={actions.deleteQuestion} />
                </td>
              ) : null}
            </tr>
          ))}
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columnCount}>{emptyText}</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <Pagination pathname={pathname} q={state.q} page={state.page} size={state.size} total={state.total} stato={stateFilter?.value} />
    </section>
  );
}
