/** Named counters (e.g. product numeric ids), advanced with one `UPDATE … RETURNING`. */
export interface SequencesTable {
  name: string;
  value: number;
}
