import { PUBLIC_IMAGE_CDN, PUBLIC_SUPABASE_URL } from 'astro:env/client';
import { supabaseObjectPrefix } from './images.ts';

/** Photos under this prefix are resized by Supabase Storage's image endpoint (PUBLIC_IMAGE_CDN=supabase); else null. */
export const imageCdn: string | null = supabaseObjectPrefix(PUBLIC_IMAGE_CDN, PUBLIC_SUPABASE_URL);
