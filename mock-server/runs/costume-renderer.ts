/** The costume workflow's rendering (mock-server/workflow/): two images in, a PNG and an MP4 on disk out. */
export type CostumeRenderer = (job: {
  pet: Buffer;
  costume: Buffer;
  outDir: string;
  id: string;
}) => Promise<{ imageFile: string; videoFile: string }>;
