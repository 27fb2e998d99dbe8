package fairtable.app.ui;

import static fairtable.app.ui.BrowserNodes.SCREENS;
import static fairtable.app.ui.BrowserNodes.STEP;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An allocation between two institutions on two nodes, each in its own headless Chromium: alice hosts K=20, X=5
 * from her allocation page, bob pastes her invitation into his home page's "Join a table" and is taken to his
 * allocation page, alice accepts him by fingerprint. Each page shows VERIFIED and its own five numbers, the two
 * nodes' parties hold disjoint sets, and bob reads alice's numbers only once she publishes her claim and he checks it.
 */
class UiTwoNodesAllocationBrowserTest extends BrowserNodesTest {
    @Test
    void twoInstitutionsOnTwoNodesEachSeeOnlyTheirOwnNumbersUntilOnePublishesItsClaim() throws Exception {
        HeadlessChromium alice = nodes.alicePage;
        HeadlessChromium bob = nodes.bobPage;
        alice.open(nodes.aliceNode.url().toString());
        alice.await("alice's home page", STEP, "return document.getElementById('fingerprint').textContent");
        alice.click("a[href='/allocate']");
        alice.await("the allocation page", STEP, "return document.getElementById('institution').value");
        alice.run("document.getElementById('items').value = 20; document.getElementById('each').value = 5;");
        alice.click("#alloc-invite");
        String invitation = alice.await("the invitation on alice's page", STEP,
                "if (document.getElementById('alloc-error').textContent) throw new Error("
                + "document.getElementById('alloc-error').textContent);"
                + "return !document.getElementById('invite-box').hidden"
                + " && document.getElementById('invitation').textContent").asText();
        assertThat(invitation).endsWith("?game=allocation&players=2&items=20&each=5");
        assertThat(alice.run("return document.getElementById('alloc-status').textContent").asText())
                .isEqualTo("Waiting for the other institution to join by your invitation.");
        alice.screenshot(SCREENS.resolve("allocation-two-nodes-invitation.png"));

        BrowserNodes.join(bob, nodes.bobNode, invitation, "/allocate");
        nodes.accept(null);
        for (HeadlessChromium page : new HeadlessChromium[] {alice, bob}) {
            page.await("the verdict", STEP, "return !document.getElementById('verdict').hidden");
            assertThat(page.run("return document.getElementById('verdict').textContent").asText())
                    .isEqualTo("VERIFIED");
        }
        BrowserAllocation alices = nodes.aliceNode.allocation(allocationId(alice));
        BrowserAllocation bobs = nodes.bobNode.allocation(allocationId(bob));
        List<Integer> aliceNumbers = shown(alice, "#mine li");
        List<Integer> bobNumbers = shown(bob, "#mine li");
        assertThat(aliceNumbers).hasSize(5).doesNotHaveDuplicates().allMatch(n -> n >= 1 && n <= 20)
                .isEqualTo(alices.numbers());
        assertThat(bobNumbers).hasSize(5).doesNotHaveDuplicates().allMatch(n -> n >= 1 && n <= 20)
                .isEqualTo(bobs.numbers());
        assertThat(alices.numbers()).as("each node's own numbers, disjoint").doesNotContainAnyElementsOf(bobs.numbers());
        String csv = bob.run("return fetch(document.getElementById('csv').href).then(r => r.text())").asText();
        assertThat(csv).isEqualTo("institution,experiment\n" + bobNumbers.stream().map(n -> "bob," + n + "\n")
                .collect(java.util.stream.Collectors.joining()));
        assertThat(bob.run("return fetch('/api/allocations/' + arguments[0]).then(r => r.json())", allocationId(bob))
                .has("unblinded")).as("nothing of alice's in bob's node's answers before her claim").isFalse();
        assertThat(bob.run("return document.getElementById('theirs-box').hidden").asBoolean()).isTrue();

        // Bob asks alice to unblind; she publishes her claim, he pastes it and his node checks it against his transcript.
        alice.click("#publish");
        String claim = alice.await("alice's claim", STEP, "return !document.getElementById('claim-box').hidden"
                + " && document.getElementById('claim').value").asText();
        bob.run("document.getElementById('their-claim').value = arguments[0];", claim);
        bob.click("#check-claim");
        bob.await("alice's numbers on bob's page", STEP, "if (document.getElementById('alloc-error').textContent)"
                + " throw new Error(document.getElementById('alloc-error').textContent);"
                + "return !document.getElementById('theirs-box').hidden");
        assertThat(shown(bob, "#theirs li")).as("alice's numbers, confirmed").isEqualTo(alices.numbers());
        assertThat(bob.run("return document.getElementById('theirs-title').textContent").asText())
                .startsWith("alice\u2019s numbers");
        assertThat(alice.run("return document.getElementById('theirs-box').hidden").asBoolean())
                .as("alice still sees nothing of bob's").isTrue();
        bob.run("window.scrollTo(0, 0);");
        bob.screenshot(SCREENS.resolve("allocation-two-nodes.png"));
        for (HeadlessChromium page : new HeadlessChromium[] {alice, bob}) {
            page.resize(390, 1100);
            assertThat(page.run("return document.documentElement.scrollWidth <= window.innerWidth").asBoolean())
                    .as("readable at phone width: nothing wider than the screen").isTrue();
        }
    }

    private static String allocationId(HeadlessChromium page) throws Exception {
        return page.run("return new URLSearchParams(location.search).get('id')").asText();
    }

    private static List<Integer> shown(HeadlessChromium page, String css) throws Exception {
        JsonNode all = page.run("return [...document.querySelectorAll(arguments[0])].map(li => Number(li.textContent))",
                css);
        List<Integer> out = new ArrayList<>();
        all.forEach(n -> out.add(n.asInt()));
        return out;
    }
}
