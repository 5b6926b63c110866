import * as tf from '@tensorflow/tfjs-core';
import { loadAnimalDetector, DETECTOR_SIZE } from '../mock-server/workflow/locate/animal-detector';
const model = await loadAnimalDetector();
const S = DETECTOR_SIZE;
const all = ['tower_0/mul_1', 'tower_0/mul', 'tower_0/CenternetHead/mul', 'tower_0/CenternetHead/Relu_1', 'tower_0/CenternetHead/Relu'];
const feats = all.slice(2);
for (const [name, nodes, batch] of [['all b1', all, 1], ['feats b1', feats, 1], ['all b2', all, 2], ['all b1', all, 1], ['feats b1', feats, 1], ['all b2', all, 2]] as const) {
  const input = tf.randomUniform([batch, S, S, 3], 0, 255);
  let outs = model.execute(input, [...nodes]) as tf.Tensor[]; await Promise.all(outs.map((o) => o.data())); tf.dispose(outs);
  const c = process.cpuUsage(); const t = performance.now();
  for (let i = 0; i < 10; i++) { outs = model.execute(input, [...nodes]) as tf.Tensor[]; await Promise.all(outs.map((o) => o.data())); tf.dispose(outs); }
  const u = process.cpuUsage(c);
  console.log(name, 'wall', ((performance.now() - t) / 10).toFixed(1), 'cpu', ((u.user + u.system) / 10000).toFixed(1));
  input.dispose();
}
