// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  type Request = { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer };
  type Client = { setRequests(requests: Request[]): void };
  type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; total: number } & Record<
    `p${string}`,
    number
  >;
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    requests?: Request[];
    setupClient?: (client: Client) => void;
  };
  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    latency: Histogram;
    requests: Histogram;
    throughput: Histogram;
  };
  export default function autocannon(options: Options): Promise<Result> & { stop(): void };
}
