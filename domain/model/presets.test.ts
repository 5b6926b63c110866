import { describe, expect, it } from 'vitest';
import { PRESET_COSTUMES, PRESET_PETS, findPreset, presetImagePath } from './presets';

describe('presets', () => {
  it('lists the 18 pets of SPEC.md with their ids and names, in order', () => {
    expect(PRESET_PETS.map((p) => `${p.id} ${p.name}`)).toEqual([
      'dog1 Golden Retriever',
      'cat1 Tabby Cat',
      'rabbit1 White Rabbit',
      'dog2 Husky',
      'cat2 Persian Cat',
      'bird1 Parrot',
      'dog3 Bulldog',
      'cat3 Maine Coon',
      'rabbit2 Lop Rabbit',
      'bird2 Cockatiel',
      'hamster1 Golden Hamster',
      'ferret1 Domestic Ferret',
      'guinea1 Guinea Pig',
      'lizard1 Bearded Dragon',
      'fish1 Goldfish',
      'turtle1 Red-Eared Slider',
      'snake1 Ball Python',
      'hedgehog1 African Hedgehog',
    ]);
  });

  it('lists the 18 costumes of SPEC.md, naming the four that differ from their id', () => {
    expect(PRESET_COSTUMES.map((p) => p.id)).toEqual([
      'vampire',
      'witch',
      'ghost',
      'zombie',
      'werewolf',
      'dragon',
      'pirate',
      'ninja',
      'skeleton',
      'mummy',
      'demon',
      'angel',
      'frankenstein',
      'clown',
      'superhero',
      'princess',
      'robot',
      'alien',
    ]);
    expect(findPreset('costume', 'angel')?.name).toBe('Dark Angel');
    expect(findPreset('costume', 'clown')?.name).toBe('Scary Clown');
    expect(findPreset('costume', 'princess')?.name).toBe('Gothic Princess');
    expect(findPreset('costume', 'vampire')?.name).toBe('Vampire');
  });

  it('serves each preset image from its own path', () => {
    expect(presetImagePath({ kind: 'pet', id: 'dog1' })).toBe('/presets/pets/dog1.png');
    expect(findPreset('pet', 'nosuchpet')).toBeUndefined();
  });
});
