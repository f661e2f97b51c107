import { NUMBER_SHAPE, template } from './message-template.ts';
import { registerMessages } from './message-codes.ts';

/**
 * The plain sentences of input problems that a schema gave no message of its own for, and the
 * shapes several schemas share for their fields ("{field} is required."). `field` is the field's
 * name as people see it (field-labels.ts). More specific shapes come first: an error's text is
 * matched against them in this order (message-codes.ts).
 */
export const VALIDATION_MESSAGES = {
  requestInvalid: 'The request is not valid.',
  idInvalid: 'Invalid id.',
  unknownFields: 'The request has fields that are not allowed.',
  required: template(['field'], (field: string) => `${field} is required.`),
  mustBeText: template(['field'], (field: string) => `${field} must be text.`),
  mustBeNumber: template(['field'], (field: string) => `${field} must be a number.`),
  mustBeWholeNumber: template(['field'], (field: string) => `${field} must be a whole number.`),
  mustBeTrueOrFalse: template(['field'], (field: string) => `${field} must be true or false.`),
  mustBeList: template(['field'], (field: string) => `${field} must be a list.`),
  mustBeObject: template(['field'], (field: string) => `${field} must be an object.`),
  mustBeDate: template(['field'], (field: string) => `${field} must be a date.`),
  mustBeSeconds: template(['field'], (field: string) => `${field} must be a number of seconds.`),
  mustBeDateTime: template(
    ['field'],
    (field: string) => `${field} must be a date and time (ISO 8601).`,
  ),
  mustBeValid: template(['field'], (field: string) => `${field} must be valid.`),
  atMostChars: template(
    ['field', 'max'],
    (field: string, max: number | string) => `${field} must be at most ${max} characters.`,

    { max: NUMBER_SHAPE },
  ),
  atMostItems: template(
    ['field', 'max'],
    (field: string, max: number | string) => `${field} must be at most ${max} items.`,

    { max: NUMBER_SHAPE },
  ),
  atMost: template(
    ['field', 'max'],
    (field: string, max: number | string) => `${field} must be at most ${max}.`,

    { max: NUMBER_SHAPE },
  ),
  atLeastChars: template(
    ['field', 'min'],
    (field: string, min: number | string) => `${field} must be at least ${min} characters.`,

    { min: NUMBER_SHAPE },
  ),
  atLeastItems: template(
    ['field', 'min'],
    (field: string, min: number | string) => `${field} must be at least ${min} items.`,

    { min: NUMBER_SHAPE },
  ),
  atLeast: template(
    ['field', 'min'],
    (field: string, min: number | string) => `${field} must be at least ${min}.`,

    { min: NUMBER_SHAPE },
  ),
  oneOf: template(
    ['field', 'values'],
    (field: string, values: string) => `${field} must be one of: ${values}.`,
  ),
  /** The shape the schemas use for a field of a few fixed values ("lang must be one of en, kn, hi."). */
  oneOfList: template(
    ['field', 'values'],
    (field: string, values: string) => `${field} must be one of ${values}.`,
  ),
  notValid: template(['field'], (field: string) => `${field} is not valid.`),
  fileFieldMissing: template(
    ['field'],
    (field: string) => `Send the file as multipart form field "${field}".`,
  ),
  noFileInField: template(['field'], (field: string) => `No file in field "${field}".`),
  /** A schema's own length message after the field's name ("Title: at most 200 characters."). */
  fieldAtMostChars: template(
    ['field', 'max'],
    (field: string, max: number | string) => `${field}: at most ${max} characters.`,
    { max: NUMBER_SHAPE },
  ),
  /** A schema's own length message where the field is named by the detail alone. */
  atMostCharsOfField: template(['max'], (max: number | string) => `At most ${max} characters.`, {
    max: NUMBER_SHAPE,
  }),
} as const;

// The codes of these messages (shared/src/message-codes.ts).
registerMessages('validation', VALIDATION_MESSAGES);
