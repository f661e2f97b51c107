import { describe, expect, it } from 'vitest';
import { CATALOGUE_TREE } from '@gia/shared/catalogue-tree.ts';
import { TRANSLATED_FIELDS } from '@gia/shared/languages.ts';
import { SCREENS } from './catalogue-config.ts';
import { translatedFieldOf } from './translations.ts';

describe('the back-office screens', () => {
  it('load every list their dropdowns choose from', () => {
    for (const config of Object.values(SCREENS)) {
      for (const field of config.fields) {
        if (field.source) expect(config.sources).toContain(field.source);
      }
    }
  });

  it('narrow a cascading dropdown by a field that is on the same form', () => {
    for (const config of Object.values(SCREENS)) {
      const names = config.fields.map((f) => f.name);
      for (const field of config.fields) {
        if (field.dependsOn) expect(names).toContain(field.dependsOn.from);
      }
    }
  });

  it('send the parent of each entity under the name the API takes', () => {
    const { Chapters, SubjectDetails } = SCREENS;
    expect(Chapters?.fields.find((f) => f.source === 'sub-subject')?.name).toBe(
      CATALOGUE_TREE['sub-subject'].id,
    );
    expect(SubjectDetails?.fields.find((f) => f.required)?.name).toBe('sub_subject_id');
  });

  it('edit each field a translation gives beside the English input of that field', () => {
    for (const config of Object.values(SCREENS)) {
      const edited = config.fields.map((f) => translatedFieldOf(config.entity, f));
      expect(edited.filter(Boolean).sort()).toEqual([...TRANSLATED_FIELDS[config.entity]].sort());
    }
    // A chapter's description is sent as `description` but read and translated as
    // `chapter_description`.
    const description = SCREENS.Chapters?.fields.find((f) => f.name === 'description');
    expect(translatedFieldOf('chapter', description!)).toBe('chapter_description');
  });
});
