/**
 * What the seed knows about its demo media (scripts/assets): the sample lesson's length, so every
 * demo topic shows a real duration without reading the video (ffprobe is not on every machine).
 * A unit test reads the length from the file itself, so the two cannot drift apart.
 */
export const SAMPLE_LESSON_SECONDS = 6;
