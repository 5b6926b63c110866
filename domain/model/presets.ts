/** A preset input the person can pick instead of uploading a file (SPEC.md section 3). */
export interface Preset {
  readonly id: string;
  readonly name: string;
  readonly kind: PresetKind;
}

export type PresetKind = 'pet' | 'costume';

const pet = (id: string, name: string): Preset => ({ id, name, kind: 'pet' });
const costume = (id: string, name: string): Preset => ({ id, name, kind: 'costume' });

export const PRESET_PETS: readonly Preset[] = [
  pet('dog1', 'Golden Retriever'),
  pet('cat1', 'Tabby Cat'),
  pet('rabbit1', 'White Rabbit'),
  pet('dog2', 'Husky'),
  pet('cat2', 'Persian Cat'),
  pet('bird1', 'Parrot'),
  pet('dog3', 'Bulldog'),
  pet('cat3', 'Maine Coon'),
  pet('rabbit2', 'Lop Rabbit'),
  pet('bird2', 'Cockatiel'),
  pet('hamster1', 'Golden Hamster'),
  pet('ferret1', 'Domestic Ferret'),
  pet('guinea1', 'Guinea Pig'),
  pet('lizard1', 'Bearded Dragon'),
  pet('fish1', 'Goldfish'),
  pet('turtle1', 'Red-Eared Slider'),
  pet('snake1', 'Ball Python'),
  pet('hedgehog1', 'African Hedgehog'),
];

export const PRESET_COSTUMES: readonly Preset[] = [
  costume('vampire', 'Vampire'),
  costume('witch', 'Witch'),
  costume('ghost', 'Ghost'),
  costume('zombie', 'Zombie'),
  costume('werewolf', 'Werewolf'),
  costume('dragon', 'Dragon'),
  costume('pirate', 'Pirate'),
  costume('ninja', 'Ninja'),
  costume('skeleton', 'Skeleton'),
  costume('mummy', 'Mummy'),
  costume('demon', 'Demon'),
  costume('angel', 'Dark Angel'),
  costume('frankenstein', 'Frankenstein'),
  costume('clown', 'Scary Clown'),
  costume('superhero', 'Superhero'),
  costume('princess', 'Gothic Princess'),
  costume('robot', 'Robot'),
  costume('alien', 'Alien'),
];

/** Preset images are square (SPEC.md section 9). */
export const PRESET_IMAGE_SIZE = 300;

/** Where a preset's 300x300 image is served, relative to the app's origin. */
export function presetImagePath(preset: Pick<Preset, 'id' | 'kind'>): string {
  return `/presets/${preset.kind}s/${preset.id}.png`;
}

export function findPreset(kind: PresetKind, id: string): Preset | undefined {
  return (kind === 'pet' ? PRESET_PETS : PRESET_COSTUMES).find((preset) => preset.id === id);
}
