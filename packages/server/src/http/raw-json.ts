/**
 * A response body that is already JSON (e.g. assembled from cached fragments); sent as it is. A Buffer is sent
 * without re-encoding, which matters for large cached answers.
 */
export class RawJson {
  constructor(readonly text: string | Buffer) {}
}
