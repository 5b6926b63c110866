// The fitting both probe trainers share (train-head-probe.ts, train-face-probe.ts): a linear read of
// the detector's cell features, fitted by gradient descent on standardised features with L2.
import * as tf from '@tensorflow/tfjs-core';
import { FEATURE_DEPTH } from '../../mock-server/workflow/locate/animal-detector';
import type { LinearRead } from '../../mock-server/workflow/locate/head-probe';

const ITERATIONS = 300;
const L2 = 0.01;
const RATE = {
  logistic: 0.5,
  /** Least squares diverge at 0.05 (the features are much alike); 0.003 and 0.01 agree. */
  linear: 0.003,
} as const;

/**
 * A logistic read (a chance) or a linear one (a value) of `targets` from the cells' feature `rows`,
 * each row weighted by `weightOf` its target; answers weights for the raw features.
 */
export function fit(
  rows: Float32Array,
  targets: readonly number[],
  kind: 'logistic' | 'linear',
  weightOf: (target: number) => number,
): LinearRead {
  const n = targets.length;
  return tf.tidy(() => {
    const x = tf.tensor2d(rows, [n, FEATURE_DEPTH]);
    const mean = tf.mean(x, 0);
    const std = tf.add(tf.sqrt(tf.moments(x, 0).variance), 1e-3);
    const xs = tf.div(tf.sub(x, mean), std);
    const xt = tf.transpose(xs);
    const y = tf.tensor2d([...targets], [n, 1]);
    const sampleWeights = tf.tensor2d(targets.map(weightOf), [n, 1]);
    let w: tf.Tensor = tf.zeros([FEATURE_DEPTH, 1]);
    let b: tf.Tensor = tf.scalar(kind === 'linear' ? targets.reduce((a, t) => a + t, 0) / n : 0);
    const rate = RATE[kind];
    for (let i = 0; i < ITERATIONS; i++) {
      const [nextW, nextB] = tf.tidy(() => {
        const out = tf.add(tf.matMul(xs, w), b);
        const predicted = kind === 'logistic' ? tf.sigmoid(out) : out;
        const error = tf.mul(tf.sub(predicted, y), sampleWeights);
        const gradW = tf.add(tf.div(tf.matMul(xt, error), n), tf.mul(w, L2));
        return [tf.sub(w, tf.mul(gradW, rate)), tf.sub(b, tf.mul(tf.mean(error), rate))];
      });
      tf.dispose([w, b]);
      w = nextW!;
      b = nextB!;
    }
    // Back to raw features: w' = w / std, b' = b - mean . w'.
    const weights = tf.div(w, tf.reshape(std, [FEATURE_DEPTH, 1]));
    const bias = tf.sub(
      b,
      tf.reshape(tf.matMul(tf.reshape(mean, [1, FEATURE_DEPTH]), weights), []),
    );
    return { weights: [...weights.dataSync()], bias: bias.dataSync()[0] ?? 0 };
  });
}

/** Weights that give the rare positives (1) as much say as the many negatives (0) together. */
export function balanced(labels: readonly number[]): (label: number) => number {
  const positives = labels.reduce((sum, y) => sum + y, 0);
  const n = labels.length;
  return (y) => (y ? (n - positives) / positives : 1);
}

/** A read as the probe files keep it: six significant digits. */
export function rounded(read: LinearRead): LinearRead {
  return {
    weights: read.weights.map((w) => Number(w.toPrecision(6))),
    bias: Number(read.bias.toPrecision(6)),
  };
}

/** The feature rows of the picked cells, one after another. */
export function featureRows(
  picked: readonly { example: { readonly features: Float32Array }; cell: number }[],
): Float32Array {
  const rows = new Float32Array(picked.length * FEATURE_DEPTH);
  picked.forEach(({ example, cell }, i) =>
    rows.set(
      example.features.subarray(cell * FEATURE_DEPTH, (cell + 1) * FEATURE_DEPTH),
      i * FEATURE_DEPTH,
    ),
  );
  return rows;
}
