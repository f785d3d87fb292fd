/**
 * Observable Plot's aria-labels for the marks that draw data; axes, grids, frames and rules are the
 * plot's furniture. A plot "has data" when one of these groups has a child. Read by the browser load
 * test and by the builders' unit tests, so both count the same thing.
 */
export const DATA_MARK_LABELS: readonly string[] = ['line', 'dot', 'rect', 'tick', 'bar', 'area'];
