import { Fragment, type ReactNode } from 'react';

/**
 * A named list of cards (admin.css `item-list`): each item draws its own <li className="item">.
 * With no items `empty` says so; while the items are not read yet it does not.
 * @example <CardList label="Players" items={players.data} itemKey={(p) => p._id} empty="No players yet.">{(p) => <PlayerCard p={p} />}</CardList>
 */
export function CardList<T>(props: {
  label: string;
  items: T[] | null;
  itemKey: (item: T) => string;
  empty: ReactNode;
  children: (item: T) => ReactNode;
}) {
  return (
    <>
      {props.items?.length === 0 ? <p className="empty">{props.empty}</p> : null}
      <ul className="item-list" aria-label={props.label}>
        {(props.items ?? []).map((item) => (
          <Fragment key={props.itemKey(item)}>{props.children(item)}</Fragment>
        ))}
      </ul>
    </>
  );
}
