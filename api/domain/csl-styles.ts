/**
 * CSL styles written for Estante (ADR 245): @citation-js/plugin-csl ships APA, Vancouver and Harvard only. These
 * two give the bibliography entry of the MLA Handbook (9th ed.) and of the Chicago Manual of Style (17th ed.,
 * notes and bibliography) for what a library catalogues (a book, a thesis, a serial): names, title, edition,
 * place, publisher and year. They are compact renderings of those rules, not the official CSL repository styles.
 */
const EDITION = `
  <macro name="edition">
    <choose>
      <if is-numeric="edition"><group delimiter=" "><number variable="edition" form="ordinal"/><text term="edition" form="short"/></group></if>
      <else><text variable="edition"/></else>
    </choose>
  </macro>`;

const head = (id: string, title: string) => `<?xml version="1.0" encoding="utf-8"?>
<style xmlns="http://purl.org/net/xbiblio/csl" class="note" version="1.0" demote-non-dropping-particle="never">
  <info><title>${title}</title><id>${id}</id><updated>2026-11-28T00:00:00+00:00</updated></info>`;

/** MLA 9: "Freire, Paulo. Pedagogia do oprimido. 17th ed., Paz e Terra, 1987." (two authors joined by "and", three or more "et al."). */
export const MLA_CSL = `${head("estante-mla", "MLA Handbook 9th edition (Estante, catalogue records)")}
  ${EDITION}
  <citation><layout><names variable="author"><name form="short"/></names></layout></citation>
  <bibliography hanging-indent="true" et-al-min="3" et-al-use-first="1">
    <layout suffix=".">
      <group delimiter=". ">
        <names variable="author"><name name-as-sort-order="first" and="text" delimiter=", " delimiter-precedes-last="always"/></names>
        <text variable="title" font-style="italic"/>
        <group delimiter=", ">
          <text macro="edition"/>
          <text variable="publisher"/>
          <date variable="issued"><date-part name="year"/></date>
        </group>
      </group>
    </layout>
  </bibliography>
</style>`;

/** Chicago 17 bibliography: "Freire, Paulo. Pedagogia do oprimido. 17th ed. Rio de Janeiro: Paz e Terra, 1987." */
export const CHICAGO_CSL = `${head("estante-chicago", "Chicago Manual of Style 17th edition, bibliography (Estante, catalogue records)")}
  ${EDITION}
  <citation><layout><names variable="author"><name form="short"/></names></layout></citation>
  <bibliography hanging-indent="true" et-al-min="11" et-al-use-first="7">
    <layout suffix=".">
      <group delimiter=". ">
        <names variable="author"><name name-as-sort-order="first" and="text" delimiter=", " delimiter-precedes-last="always"/></names>
        <text variable="title" font-style="italic"/>
        <text macro="edition"/>
        <group delimiter=", ">
          <group delimiter=": "><text variable="publisher-place"/><text variable="publisher"/></group>
          <date variable="issued"><date-part name="year"/></date>
        </group>
      </group>
    </layout>
  </bibliography>
</style>`;
