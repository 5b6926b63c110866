import { useMemo } from 'react';
import { useAssetTable } from '../../../app/config-context';
import { assetPath } from '../../../../domain/model/asset-table';
import {
  PRESET_COSTUMES,
  PRESET_PETS,
  presetImagePath,
  type Preset,
} from '../../../../domain/model/presets';
import type { PresetCard } from '../components/preset-carousel';

/** The preset catalogue with each image from the asset table ('pets'/'costumes', alias = id) or its default path. */
export function usePresetCards(): { pets: PresetCard[]; costumes: PresetCard[] } {
  const table = useAssetTable();
  return useMemo(() => {
    const card =
      (bundle: string) =>
      (preset: Preset): PresetCard => ({
        id: preset.id,
        name: preset.name,
        image: assetPath(table, bundle, preset.id) ?? presetImagePath(preset),
      });
    return { pets: PRESET_PETS.map(card('pets')), costumes: PRESET_COSTUMES.map(card('costumes')) };
  }, [table]);
}
