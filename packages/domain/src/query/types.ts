/**
 * The contract's query language as plain data: what a parsed `query` object means, independent of SQL.
 * `parseQuery` (parse.ts) builds these from the wire; `@merx/db` compiles them to SQL.
 */

/** Value types a queryable field can have. */
export type FieldType = 'string' | 'number' | 'boolean' | 'date' | 'id';

/** How one wire field name maps to storage. */
export type FieldSpec =
  | {
      /** A plain column of the queried table. */
      kind: 'column';
      column: string;
      type: FieldType;
      /** Operators allowed on this field (all that fit the type when omitted). */
      operators?: readonly Operator[];
      sortable?: boolean;
      /** For number columns that hold money in minor units: the wire value is multiplied by this. */
      scale?: number;
      /**
       * The column is NOT NULL. Sorting a nullable column must say where NULLs go (the engines differ), and
       * saying so keeps SQLite from sorting by its index; declaring NOT NULL columns avoids both.
       */
      notNull?: boolean;
    }
  | {
      /**
       * A many-valued field held in a join table, e.g. `collectionIds` →
       * `collection_products(product_id, collection_id)`. Supports $hasSome, $hasAll, $in, $eq, $exists.
       */
      kind: 'relation';
      table: string;
      /** Column in the join table that points back at the queried row's `id`. */
      ownerColumn: string;
      /** Column in the join table holding the values. */
      valueColumn: string;
      type: FieldType;
      /** Qualified column of the queried row that `ownerColumn` points at (default `<table>.id`). */
      ownerRef?: string;
    };

/** The allow-list of one entity: wire field name → storage. */
export interface EntityQuerySpec {
  /** Table the query runs on (as named in @merx/db). */
  table: string;
  fields: Record<string, FieldSpec>;
  /** Sort applied last, to make order total and paging stable (usually `[{ field: 'id', order: 'ASC' }]`). */
  tieBreaker: SortField[];
  /** Sort used when the request gives none. */
  defaultSort?: SortField[];
}

export type Operator =
  | '$eq'
  | '$ne'
  | '$gt'
  | '$gte'
  | '$lt'
  | '$lte'
  | '$in'
  | '$nin'
  | '$hasSome'
  | '$hasAll'
  | '$startsWith'
  | '$endsWith'
  | '$contains'
  | '$exists';

export type Scalar = string | number | boolean;

export type FilterNode =
  | { kind: 'and'; nodes: FilterNode[] }
  | { kind: 'or'; nodes: FilterNode[] }
  | { kind: 'not'; node: FilterNode }
  | { kind: 'compare'; field: string; op: '$eq' | '$ne' | '$gt' | '$gte' | '$lt' | '$lte'; value: Scalar | null }
  | { kind: 'in'; field: string; op: '$in' | '$nin' | '$hasSome' | '$hasAll'; values: Scalar[] }
  | { kind: 'text'; field: string; op: '$startsWith' | '$endsWith' | '$contains'; value: string }
  | { kind: 'exists'; field: string; value: boolean };

export interface SortField {
  field: string;
  order: 'ASC' | 'DESC';
}

export type Paging =
  | { kind: 'offset'; limit: number; offset: number }
  /** `cursor` is the raw opaque string from the wire (absent on the first page). */
  | { kind: 'cursor'; limit: number; cursor: string | null };

export interface ParsedQuery {
  /** `null` when the request has no filter. */
  filter: FilterNode | null;
  /** The requested sort (not including the tie-breaker). */
  sort: SortField[];
  paging: Paging;
}
