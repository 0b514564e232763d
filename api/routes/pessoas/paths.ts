/** The private area's API prefix under /api/pessoas (spec §7 "meu-{product}"). */
export const MY_AREA_PATH = "meu-pergamum";
