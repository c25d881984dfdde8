// Just enough of autocannon's programmatic API for the benches (the package ships no types).
declare module 'autocannon' {
  /** One request as autocannon builds it; fields of the `requests` entry it came from are carried along. */
  export interface RequestData {
    path: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    [field: string]: unknown;
  }
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    setupRequest?: (request: RequestData, context: Record<string, unknown>) => RequestData | null;
    /** Other fields are kept: each connection gets its own deep copy of the entry. */
    [field: string]: unknown;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    requests?: Request[];
  }
  function autocannon(options: Options): Promise<unknown>;
  export default autocannon;
}
