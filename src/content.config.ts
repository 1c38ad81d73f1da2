import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { catalogueLoader } from './lib/catalogue/loader.ts';

// Rows arrive already sanitized (src/lib/catalogue/sanitize.ts); the schemas give pages their types.
const products = defineCollection({
  loader: catalogueLoader('products'),
  schema: z.object({
    id: z.string(),
    name: z.string(),
    brand: z.string().nullable(),
    price: z.number(),
    original_price: z.number().nullable(),
    image_url: z.string().nullable(),
    quantity_unit: z.string().nullable(),
    description: z.string().nullable(),
    category_id: z.string(),
    is_available: z.boolean(),
  }),
});

const categories = defineCollection({
  loader: catalogueLoader('categories'),
  schema: z.object({
    id: z.string(),
    name: z.string(),
    parent_id: z.string().nullable(),
    sort_order: z.number(),
    image_url: z.string().nullable(),
  }),
});

const stores = defineCollection({
  loader: catalogueLoader('stores'),
  schema: z.object({
    id: z.string(),
    name: z.string(),
    shop_type: z.enum(['grocery', 'pharmacy', 'bakery', 'electronics']),
    is_active: z.boolean(),
    rating: z.number().nullable(),
    delivery_time_min: z.number().nullable(),
    address: z.string().nullable(),
    image_url: z.string().nullable(),
  }),
});

export const collections = { products, categories, stores };
