package storetest

import (
	"context"
	"fmt"
	"testing"
	"time"

	"meridian/internal/site"
)

// signUp is a sign-up of email from /blog with tokens made of tag.
func signUp(email, tag string) *site.SignUp {
	return &site.SignUp{Email: email, Source: "/blog", ConfirmToken: "confirm-" + tag, UnsubscribeToken: "unsubscribe-" + tag}
}

// subscribe records the sign-up and fails the test on an error; it says
// whether a confirmation e-mail was queued.
func subscribe(t *testing.T, s site.Store, in *site.SignUp) bool {
	t.Helper()
	queued, err := s.Subscribe(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	return queued
}

// onlySubscriber returns the one subscriber of the address, with its
// deliveries.
func onlySubscriber(t *testing.T, s site.Store, email string) *site.Subscriber {
	t.Helper()
	list, total := must2(s.FindSubscribers(context.Background(), site.SubscriberFilter{Query: email}))(t)
	if total != 1 || len(list) != 1 {
		t.Fatalf("subscribers of %s: %d %+v", email, total, list)
	}
	return list[0]
}

// claimAll claims every delivery due now, whatever its owner.
func claimAll(t *testing.T, s site.Store) []*site.ClaimedDelivery {
	t.Helper()
	return must(s.ClaimDeliveries(context.Background(), time.Now().Add(time.Second), time.Minute, nil, 100))(t)
}

// finish records delivery id as sent.
func finish(t *testing.T, s site.Store, id int64) {
	t.Helper()
	if err := s.FinishDelivery(context.Background(), id, time.Now(), site.DeliveryResult{}); err != nil {
		t.Fatal(err)
	}
}

// testSubscribers follows a sign-up of the newsletter through its
// confirmation e-mail, its confirmation and its end, with the webhooks
// each owes the mailing service.
func testSubscribers(t *testing.T, s site.Store) {
	ctx := context.Background()
	must(s.UpdateNewsletterSettings(ctx, &site.NewsletterSettings{WebhookURL: "https://mail.example.com/hook", WebhookSecret: "k"}))(t)
	if st := must(s.GetNewsletterSettings(ctx))(t); st.WebhookURL != "https://mail.example.com/hook" || st.WebhookSecret != "k" {
		t.Fatalf("settings = %+v", st)
	}

	t.Run("SignUpQueuesTheConfirmationWithItsLinks", func(t *testing.T) {
		before := time.Now()
		if !subscribe(t, s, signUp("ada@example.com", "a1")) {
			t.Fatal("no confirmation queued for a new address")
		}
		sub := onlySubscriber(t, s, "ada@example.com")
		if sub.Status != site.SubscriberPending || sub.Source != "/blog" || sub.ConfirmedAt != nil || sub.ExpiresAt == nil ||
			sub.ExpiresAt.Before(before.Add(site.SubscriptionConfirmTTL-time.Second)) || sub.ExpiresAt.After(time.Now().Add(site.SubscriptionConfirmTTL)) {
			t.Errorf("subscriber = %+v", sub)
		}
		if len(sub.Deliveries) != 1 || sub.Deliveries[0].Kind != site.KindConfirm || sub.Deliveries[0].Target != "ada@example.com" {
			t.Errorf("deliveries = %+v", sub.Deliveries)
		}
	})
	t.Run("SignUpAgainReplacesTheLinks", func(t *testing.T) {
		// The same address in other letters is the same subscriber; the
		// first e-mail, not sent yet, is withdrawn with its links.
		if !subscribe(t, s, &site.SignUp{Email: "ada@example.com", Source: "/careers", ConfirmToken: "confirm-a2", UnsubscribeToken: "unsubscribe-a2"}) {
			t.Fatal("no confirmation queued for a pending address")
		}
		sub := onlySubscriber(t, s, "ada@example.com")
		if sub.Source != "/careers" || len(sub.Deliveries) != 1 {
			t.Fatalf("subscriber = %+v, deliveries %d", sub, len(sub.Deliveries))
		}
		claimed := claimAll(t, s)
		if len(claimed) != 1 || claimed[0].Subscriber == nil || claimed[0].Subscriber.ID != sub.ID || claimed[0].Lead != nil ||
			claimed[0].Delivery.ManageToken != "confirm-a2" || claimed[0].Delivery.UnsubscribeToken != "unsubscribe-a2" {
			t.Fatalf("claimed = %+v", claimed)
		}
		// Once sent, the e-mail keeps no token.
		finish(t, s, claimed[0].Delivery.ID)
		d := onlySubscriber(t, s, "ada@example.com").Deliveries[0]
		if d.Status != site.DeliverySent || d.ManageToken != "" || d.UnsubscribeToken != "" {
			t.Errorf("sent delivery = %+v", d)
		}
		if _, err := s.ConfirmSubscription(ctx, site.HashToken("confirm-a1")); site.ErrorCode(err) != site.EGONE {
			t.Errorf("the first link confirms: %v", err)
		}
	})
	t.Run("ConfirmQueuesTheWebhookOnce", func(t *testing.T) {
		sub := must(s.ConfirmSubscription(ctx, site.HashToken("confirm-a2")))(t)
		if sub.Status != site.SubscriberConfirmed || sub.ConfirmedAt == nil || sub.ExpiresAt != nil || sub.Email != "ada@example.com" {
			t.Errorf("confirmed = %+v", sub)
		}
		again := must(s.ConfirmSubscription(ctx, site.HashToken("confirm-a2")))(t)
		if again.Status != site.SubscriberConfirmed {
			t.Errorf("confirmed again = %+v", again)
		}
		claimed := claimAll(t, s)
		if len(claimed) != 1 || claimed[0].Delivery.Kind != site.KindSubscribed || claimed[0].Delivery.Channel != site.ChannelWebhook ||
			claimed[0].Delivery.Target != "https://mail.example.com/hook" || claimed[0].Subscriber.Status != site.SubscriberConfirmed {
			t.Fatalf("claimed = %+v", claimed)
		}
		finish(t, s, claimed[0].Delivery.ID)
		// A confirmed subscriber who signs up again is sent nothing.
		if subscribe(t, s, signUp("ada@example.com", "a3")) {
			t.Error("a confirmed address was sent a confirmation")
		}
		if sub := onlySubscriber(t, s, "ada@example.com"); sub.Status != site.SubscriberConfirmed || len(sub.Deliveries) != 2 {
			t.Errorf("after a sign-up of a confirmed address: %+v", sub)
		}
	})
	t.Run("UnsubscribeEndsItForGood", func(t *testing.T) {
		sub := must(s.Unsubscribe(ctx, site.HashToken("unsubscribe-a2")))(t)
		if sub.Status != site.SubscriberUnsubscribed || sub.UnsubscribedAt == nil {
			t.Errorf("unsubscribed = %+v", sub)
		}
		again := must(s.Unsubscribe(ctx, site.HashToken("unsubscribe-a2")))(t)
		if again.Status != site.SubscriberUnsubscribed || !again.UnsubscribedAt.Equal(*sub.UnsubscribedAt) {
			t.Errorf("unsubscribed again = %+v", again)
		}
		claimed := claimAll(t, s)
		if len(claimed) != 1 || claimed[0].Delivery.Kind != site.KindUnsubscribed {
			t.Fatalf("claimed = %+v, want one webhook of the unsubscription", claimed)
		}
		finish(t, s, claimed[0].Delivery.ID)
		if _, err := s.ConfirmSubscription(ctx, site.HashToken("confirm-a2")); site.ErrorCode(err) != site.EGONE {
			t.Errorf("the confirmation link after the unsubscription: %v", err)
		}
		for _, hash := range []string{site.HashToken("nobody's"), ""} {
			if _, err := s.Unsubscribe(ctx, hash); site.ErrorCode(err) != site.EGONE {
				t.Errorf("unknown unsubscribe token %q: %v", hash, err)
			}
			if _, err := s.ConfirmSubscription(ctx, hash); site.ErrorCode(err) != site.EGONE {
				t.Errorf("unknown confirm token %q: %v", hash, err)
			}
		}
	})
	t.Run("SignUpAfterUnsubscribingStartsAfresh", func(t *testing.T) {
		if !subscribe(t, s, signUp("ada@example.com", "a4")) {
			t.Fatal("no confirmation queued after an unsubscription")
		}
		sub := onlySubscriber(t, s, "ada@example.com")
		if sub.Status != site.SubscriberPending || sub.ConfirmedAt != nil || sub.UnsubscribedAt != nil {
			t.Errorf("signed up again = %+v", sub)
		}
		// A pending sign-up that is left ends the e-mail not sent yet,
		// and tells the mailing service nothing: it never knew of it.
		must(s.Unsubscribe(ctx, site.HashToken("unsubscribe-a4")))(t)
		if c := claimAll(t, s); len(c) != 0 {
			t.Errorf("claimed after leaving a pending sign-up: %+v", c)
		}
	})
	t.Run("ListFilterAndExport", func(t *testing.T) {
		subscribe(t, s, signUp("bob@example.com", "b"))
		subscribe(t, s, signUp("cy@other.example", "c"))
		must(s.ConfirmSubscription(ctx, site.HashToken("confirm-c")))(t)
		all, total := must2(s.FindSubscribers(ctx, site.SubscriberFilter{}))(t)
		if total != 3 || len(all) != 3 || all[0].Email != "cy@other.example" || all[2].Email != "ada@example.com" {
			t.Fatalf("all = %d %+v, want the newest first", total, all)
		}
		for _, c := range []struct {
			f    site.SubscriberFilter
			want []string
		}{
			{site.SubscriberFilter{Status: site.SubscriberConfirmed}, []string{"cy@other.example"}},
			{site.SubscriberFilter{Status: site.SubscriberUnsubscribed}, []string{"ada@example.com"}},
			{site.SubscriberFilter{Query: "EXAMPLE.COM"}, []string{"bob@example.com", "ada@example.com"}},
			{site.SubscriberFilter{Limit: 1, Offset: 1}, []string{"bob@example.com"}},
		} {
			list, n := must2(s.FindSubscribers(ctx, c.f))(t)
			var got []string
			for _, sub := range list {
				got = append(got, sub.Email)
			}
			if fmt.Sprint(got) != fmt.Sprint(c.want) || (c.f.Limit == 0 && n != len(c.want)) || (c.f.Limit > 0 && n != 3) {
				t.Errorf("%+v: %v (%d), want %v", c.f, got, n, c.want)
			}
		}
		var each []string
		if err := s.EachSubscriber(ctx, site.SubscriberFilter{Status: site.SubscriberPending}, func(sub *site.Subscriber) error {
			each = append(each, sub.Email)
			return nil
		}); err != nil || fmt.Sprint(each) != "[bob@example.com]" {
			t.Errorf("each pending = %v, %v", each, err)
		}
	})
	t.Run("ExpiredSignUpsAreDeleted", func(t *testing.T) {
		if n := must(s.DeleteExpiredSubscribers(ctx, time.Now()))(t); n != 0 {
			t.Errorf("deleted %d sign-ups within their week", n)
		}
		n := must(s.DeleteExpiredSubscribers(ctx, time.Now().Add(site.SubscriptionConfirmTTL+time.Minute)))(t)
		if n != 1 {
			t.Errorf("deleted %d, want bob's pending sign-up", n)
		}
		list, total := must2(s.FindSubscribers(ctx, site.SubscriberFilter{}))(t)
		if total != 2 || list[0].Email != "cy@other.example" || list[1].Email != "ada@example.com" {
			t.Errorf("left = %+v", list)
		}
		if _, err := s.Unsubscribe(ctx, site.HashToken("unsubscribe-b")); site.ErrorCode(err) != site.EGONE {
			t.Errorf("a deleted sign-up's link: %v", err)
		}
	})
	t.Run("PrivacyFindsAndErases", func(t *testing.T) {
		found := must(s.FindPersonalData(ctx, "cy@other.example"))(t)
		if len(found.Subscribers) != 1 || found.Subscribers[0].Status != site.SubscriberConfirmed || len(found.Subscribers[0].Deliveries) != 2 {
			t.Fatalf("found = %+v", found.Subscribers)
		}
		erased := must(s.ErasePersonalData(ctx, "cy@other.example"))(t)
		if erased.Subscribers != 1 || erased.Deliveries != 2 {
			t.Errorf("erased = %+v", erased)
		}
		if after := must(s.FindPersonalData(ctx, "cy@other.example"))(t); len(after.Subscribers) != 0 {
			t.Errorf("after erasure: %+v", after.Subscribers)
		}
		if _, total := must2(s.FindSubscribers(ctx, site.SubscriberFilter{}))(t); total != 1 {
			t.Errorf("subscribers after erasure = %d, want ada's alone", total)
		}
	})
}

// testSubscribersAtOnce: sign-ups of one new address sent at once, on any
// instance, make one subscriber.
func testSubscribersAtOnce(t *testing.T, s site.Store) {
	errs := atOnce(8, func(i int) error {
		_, err := s.Subscribe(context.Background(), signUp("rush@example.com", fmt.Sprint(i)))
		return err
	})
	noneFailed(t, "sign-up", errs)
	sub := onlySubscriber(t, s, "rush@example.com")
	if sub.Status != site.SubscriberPending || len(sub.Deliveries) == 0 {
		t.Errorf("subscriber = %+v", sub)
	}
}
