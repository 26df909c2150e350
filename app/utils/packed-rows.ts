/**
 * A list page's rows as their field names once and one array of values per row. In a page's
 * loader data every row object repeats its keys (turbo-stream writes `"_51":247` for each field of
 * each row): for 25 rows of a dozen fields that is about 3 KB of the page's HTML (ADR 044). The
 * loader packs (`readListPage`), the page unpacks (`RecordList`); every row has the same fields.
 */
export type PackedRows<Row> = {
  keys: string[]
  values: unknown[][]
  /** Type only: what a row unpacks to. */
  readonly row?: Row
}

export function packRows<Row extends object>(rows: Row[]): PackedRows<Row> {
  const keys = rows.length ? Object.keys(rows[0]) : []
  return { keys, values: rows.map((row) => keys.map((key) => row[key as keyof Row])) }
}

export function unpackRows<Row>(packed: PackedRows<Row>): Row[] {
  return packed.values.map((values) => Object.fromEntries(packed.keys.map((key, index) => [key, values[index]])) as Row)
}
