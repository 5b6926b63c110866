/** One line of `npm run bench`: our figure against a baseline measured in the same run. */
export interface BenchRow {
  /** What is measured, e.g. 'GET usage req/s'. */
  figure: string;
  ours: number;
  baseline?: number;
  /** ours / baseline, or as the benchmark defines it. */
  ratio?: number;
  unit: string;
  /** The budget in words, e.g. '>= 0.7x' or '<= 150 KB'. */
  budget?: string;
  pass?: boolean;
}

/** A benchmark file under bench/ default-exports one of these. */
export type Benchmark = () => Promise<BenchRow[]>;
