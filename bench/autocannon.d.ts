// Just enough of autocannon's programmatic API for the benches (the package ships no types).
declare module 'autocannon' {
  interface Request {
    method?: string;
    path?: string;
    setupRequest?: (request: { path: string }) => { path: string };
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
