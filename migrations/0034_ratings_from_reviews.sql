-- A dealer's rating is the mean of their revealed reviews (worker/domain/reputation). Ratings stored before reviews
-- existed (the old demo seed typed them in) are not backed by any review: they go, and the reputation refresh
-- sets each rating from reviews from now on.
UPDATE `dealers` SET `rating` = NULL WHERE `id` NOT IN (SELECT `reviewed_id` FROM `deal_reviews`);
