/** A response body that is already JSON text (e.g. assembled from cached fragments); sent as it is. */
export class RawJson {
  constructor(readonly text: string) {}
}
