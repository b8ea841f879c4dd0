import { type SQL, sql } from 'drizzle-orm';

// Accented Latin letters (Latin-1 and Latin Extended-A, both cases) and the plain letter each one reads as.
// `translate` maps them one to one; it is IMMUTABLE (unlike `unaccent`), so it can feed a generated column and
// its index, and PGlite and PostgreSQL give the same answer.
export const ACCENTED =
  'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝàáâãäåçèéêëìíîïñòóôõöùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĨĩĪīĬĭĮįİĴĵĶķĹĺĻļĽľŃńŅņŇňŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžØøĐđŁłıĦħßÆæŒœ';
export const PLAIN =
  'aaaaaaceeeeiiiinooooouuuuyaaaaaaceeeeiiiinooooouuuuyyaaaaaaccccccccddeeeeeeeeeegggggggghhiiiiiiiiijjkkllllllnnnnnnoooooorrrrrrssssssssttttuuuuuuuuuuuuwwyyyzzzzzzooddllihhsaaoo';

/**
 * Text as candidate search compares it: lower case, accents removed ('Lefèvre' reads 'lefevre'). The same
 * expression builds the stored search column and the searched term, so both sides always agree.
 */
export const searchNormalised = (text: SQL) =>
  sql`translate(lower(${text}), '${sql.raw(ACCENTED)}', '${sql.raw(PLAIN)}')`;
