/** The column registry lives in schemas/ so that the server writes an export's cells as the console shows them. */
export { columnKinds, formatInr, isColumnKind, type ColumnKind } from '../schemas/column-kinds';
